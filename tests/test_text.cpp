// Text helpers of core/text.h that decide what an export may write.
#include <gtest/gtest.h>

#include <string>

#include "core/text.h"

namespace menger {
namespace {

TEST(Text, ValidUtf8FollowsTheUnicodeTable) {
  for (const char* ok : {"", "plain", "\xc3\xa9", "\xe2\x86\x92", "\xf0\x9f\x98\x80", "\xef\xbf\xbd",
                               "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf"})
    EXPECT_TRUE(valid_utf8(ok)) << ok;
  for (const char* bad : {
           "\xff",              // never a lead byte
           "\x80",              // a continuation alone
           "\xc3",              // cut short
           "\xc0\xaf",          // overlong '/'
           "\xe0\x80\xaf",      // overlong, three bytes
           "\xed\xa0\x80",      // a surrogate
           "\xf4\x90\x80\x80",  // above U+10FFFF
           "\xf5\x80\x80\x80",  // lead byte past F4
           "\xe2\x28\xa1",      // a bad third byte
           "ok\xe2\x86"})       // cut short at the end
    EXPECT_FALSE(valid_utf8(bad)) << testing::PrintToString(bad);
}

}  // namespace
}  // namespace menger
