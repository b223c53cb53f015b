#include "core/input_file.h"

#include <openssl/evp.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "core/error.h"

namespace menger {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::mutex g_ledger_lock;
std::map<std::string, std::string>& ledger() {
  static std::map<std::string, std::string> files;  // path -> digest
  return files;
}
InputWatch* g_watch = nullptr;  // under g_ledger_lock
std::map<const InputWatch*, std::map<std::string, std::string>>& watched() {
  static std::map<const InputWatch*, std::map<std::string, std::string>> files;
  return files;
}

std::string named(std::string_view what, const std::filesystem::path& path) {
  return std::string(what) + " " + path.string();
}

// Refuses what is not a regular file or a pipe, before anything is read.
void check_kind(const std::filesystem::path& path, std::string_view what, const Budget& budget) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(named(what, path) + ": cannot be read (" + std::strerror(errno) + ")");
  if (S_ISDIR(st.st_mode)) throw InputError(named(what, path) + " is a directory, not a file");
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
    throw InputError(named(what, path) + " is a device, not a file (a device such as /dev/zero never ends)");
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode))
    throw InputError(named(what, path) + " is not a regular file or a pipe");
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_input_bytes(budget))
    throw InputError(named(what, path) + " holds " + std::to_string(st.st_size) + " bytes, more than the " +
                     std::to_string(max_input_bytes(budget)) + " one input may hold (a 64th of the memory limit; " +
                     "--memory-limit raises it)");
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

std::string read_all(const std::filesystem::path& path, std::string_view what, const Budget& budget) {
  std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
  if (!f) throw InputError(named(what, path) + ": cannot be opened (" + std::strerror(errno) + ")");
  std::string text;
  const std::uint64_t cap = max_input_bytes(budget);
  char buffer[1 << 16];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0;) {
    if (text.size() + got > cap)
      throw InputError(named(what, path) + " is longer than the " + std::to_string(cap) +
                       " bytes one input may hold (a 64th of the memory limit; --memory-limit raises it)");
    text.append(buffer, got);
    budget.check("reading " + named(what, path));
  }
  if (std::ferror(f.get())) throw InputError(named(what, path) + ": read error (" + std::strerror(errno) + ")");
  return text;
}

}  // namespace

std::uint64_t max_input_bytes(const Budget& budget) {
  return std::max<std::uint64_t>(budget.memory_limit() / 64, std::uint64_t{64} << 20); }

namespace {

std::string digest_text(const unsigned char* md, unsigned int length) {
  std::string out = "sha256:";
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[md[i] >> 4];
    out += kHex[md[i] & 15];
  }
  return out;
}

struct DigestFree {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};

}  // namespace

std::string sha256_digest(std::string_view bytes) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), md, &length, EVP_sha256(), nullptr) != 1)
    throw InternalError("OpenSSL could not compute a SHA-256 digest");
  return digest_text(md, length);
}

InputFile read_own_file(const std::filesystem::path& path, std::string_view what, const Budget& budget) {
  check_kind(path, what, budget);
  InputFile in{path, read_all(path, what, budget), ""};
  in.digest = sha256_digest(in.text);
  if (std::string_view(in.text).substr(0, kByteOrderMark.size()) == kByteOrderMark)
    in.text.erase(0, kByteOrderMark.size());
  return in;
}

InputFile read_input_file(const std::filesystem::path& path, std::string_view what, const Budget& budget) {
  InputFile in = read_own_file(path, what, budget);
  const std::lock_guard guard(g_ledger_lock);
  ledger()[path.string()] = in.digest;
  if (g_watch) watched()[g_watch][path.string()] = in.digest;
  return in;
}

InputWatch::InputWatch() {
  const std::lock_guard guard(g_ledger_lock);
  outer_ = g_watch;
  g_watch = this;
  watched()[this];
}

InputWatch::~InputWatch() {
  const std::lock_guard guard(g_ledger_lock);
  g_watch = outer_;
  watched().erase(this);
}

std::vector<InputRecord> InputWatch::files() const {
  const std::lock_guard guard(g_ledger_lock);
  std::vector<InputRecord> out;
  for (const auto& [path, digest] : watched()[this]) out.push_back({path, digest});
  return out;
}

std::vector<InputRecord> inputs_read() {
  const std::lock_guard guard(g_ledger_lock);
  std::vector<InputRecord> out;
  for (const auto& [path, digest] : ledger()) out.push_back({path, digest});
  return out;
}

// Streamed, with no size cap: the file was read whole once already, under the
// memory limit of its own question, and its digest must not depend on this
// process's limit (a raised --memory-limit once made a valid certificate's
// input "changed").
std::string current_digest(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return "";  // a pipe cannot be read twice
  std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
  std::unique_ptr<EVP_MD_CTX, DigestFree> ctx(EVP_MD_CTX_new());
  if (!f || !ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) return "";
  char buffer[1 << 16];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0;)
    if (EVP_DigestUpdate(ctx.get(), buffer, got) != 1) return "";
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (std::ferror(f.get()) || EVP_DigestFinal_ex(ctx.get(), md, &length) != 1) return "";
  return digest_text(md, length);
}

}  // namespace menger
