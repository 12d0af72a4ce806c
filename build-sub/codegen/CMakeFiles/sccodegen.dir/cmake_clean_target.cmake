file(REMOVE_RECURSE
  "../lib/libsccodegen.a"
)
