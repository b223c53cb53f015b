// Notes: what a reader did with a file that the file may not have meant
// (issue 36, "Strict readers everywhere").
//
// A reader refuses what it cannot read (InputError).  Some things it can read
// but only by a choice the file did not make: an attribute Menger does not
// know (NetworkX's `type` where Menger reads `kind`), a default applied (no
// node says its kind, so every node is a router and the network is direct).
// Such a choice may change the answer (a fat tree read as a direct network
// has switch-link tolerance 0, not 2), so it is never silent: the object built
// from the file carries it as a note, one sentence naming the file
// (Topology::notes()), and the one place where specs become topologies
// (Registry::build of a spec string, models/registry.h) hands every note of
// what it built to the note sink.
//
// The sink is process-wide, like the input ledger (core/input_file.h): by
// default it writes "menger: note: SENTENCE" to standard error, where the CLI
// user sees it next to the verdict on standard output.  Python replaces it
// (set_note_sink) with one that raises a Python warning.  Each distinct
// sentence reaches the sink once per process: a claim that builds the same
// network for ten instances says so once.
#pragma once

#include <functional>
#include <string>

namespace menger {

using NoteSink = std::function<void(const std::string& note)>;

// Hands `note` to the sink, unless the same sentence was handed before.
void emit_note(const std::string& note);
// Replaces the sink; returns the previous one.  An empty function restores
// the default (standard error).
NoteSink set_note_sink(NoteSink sink);

}  // namespace menger
