// gnuplot, the one way Menger draws a plot.  The caller writes the script
// (beside the image, so that a person can rerun or edit it) and run_gnuplot
// runs it.  gnuplot is looked up on PATH before the script is written, so
// that a machine without it gets one clear InputError naming the image and
// the package to install, rather than a shell's "command not found".
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>

namespace menger {

// The gnuplot executable on PATH (PATH unset: /usr/bin and /bin), or nullopt.
std::optional<std::string> find_gnuplot();

// Writes `script_path` with `write_script` and runs gnuplot on it.  Throws
// InputError when gnuplot is missing, the script cannot be written, or gnuplot
// fails (with the first of its messages).
void run_gnuplot(const std::string& script_path, const std::string& image_path,
                 const std::function<void(std::ostream&)>& write_script);

// `s` as a gnuplot string literal: single quotes, a quote doubled.
std::string gnuplot_quoted(const std::string& s);

}  // namespace menger
