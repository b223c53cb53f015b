#include "io/gnuplot.h"

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "io/program.h"

namespace menger {

std::optional<std::string> find_gnuplot() { return find_program("gnuplot"); }

void run_gnuplot(const std::string& script_path, const std::string& image_path,
                 const std::function<void(std::ostream&)>& write_script) {
  const auto gnuplot = find_gnuplot();
  if (!gnuplot)
    throw InputError("cannot draw " + image_path + ": gnuplot is not on PATH (install the Debian package gnuplot-nox)");
  {
    std::ofstream script(script_path);
    if (!script) throw InputError("cannot write " + script_path);
    write_script(script);
  }
  std::string messages;
  const int status = run_program(*gnuplot, {script_path}, messages);
  if (status != 0)
    throw InputError("gnuplot failed on " + script_path + (messages.empty() ? "" : ": " + messages.substr(0, 400)));
}

std::string gnuplot_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);  // gnuplot's single-quote escape
  return q + "'";
}

}  // namespace menger
