#include "core/notes.h"

#include <iostream>
#include <mutex>
#include <set>

namespace menger {

namespace {

std::mutex g_notes_lock;
NoteSink g_sink;                   // empty: standard error
std::set<std::string>& emitted() {  // under g_notes_lock
  static std::set<std::string> notes;
  return notes;
}

}  // namespace

void emit_note(const std::string& note) {
  NoteSink sink;
  {
    const std::lock_guard guard(g_notes_lock);
    if (!emitted().insert(note).second) return;
    sink = g_sink;
  }
  if (sink) sink(note);
  else std::cerr << "menger: note: " << note << "\n";
}

NoteSink set_note_sink(NoteSink sink) {
  const std::lock_guard guard(g_notes_lock);
  NoteSink previous = std::move(g_sink);
  g_sink = std::move(sink);
  return previous;
}

}  // namespace menger
