# Sourced by the kill-and-resume and mpirun tests.  A resumed run says what it
# took from its checkpoint (issue 36: a checkpoint is a cache, never an
# authority); everything else it prints is the uninterrupted run's.
#
# unresumed: stdin without what says a run was resumed: JSON's "resumed"
# (null, true or an object, pretty-printed or compact), prove's "Resumed: ..."
# paragraph, and the "resumed ..." line of the other verbs' text output.
unresumed() {
  awk '
    function indent(s) { match(s, /^ */); return RLENGTH }
    in_block { if (indent($0) == block_indent && $0 ~ /^ *\},?$/) in_block = 0; next }
    in_paragraph { if ($0 ~ /^[ ]+[^ ]/) next; in_paragraph = 0 }
    /^ *"resumed": \{$/ { in_block = 1; block_indent = indent($0); next }
    /^ *"resumed": (null|true|false),?$/ { next }
    /^Resumed: / { in_paragraph = 1; next }
    /^resumed  / { next }
    { gsub(/"resumed":(null|true|false|\{[^{}]*\}),?/, ""); print }
  '
}

# said_resumed FILE: FILE is the output of a run that says it was resumed.
said_resumed() {
  grep -Eq '"resumed": ?\{|^Resumed: |^resumed  ' "$1" ||
    { echo "$1: the run resumed from a checkpoint and does not say so"; exit 1; }
}
