file(REMOVE_RECURSE
  "../lib/libstarcarp_internal.a"
)
