
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/codegen/arena.c" "codegen/CMakeFiles/sccodegen.dir/arena.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/arena.c.o.d"
  "/work/main/codegen/ast_print.c" "codegen/CMakeFiles/sccodegen.dir/ast_print.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/ast_print.c.o.d"
  "/work/main/codegen/cmd_codegen.c" "codegen/CMakeFiles/sccodegen.dir/cmd_codegen.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/cmd_codegen.c.o.d"
  "/work/main/codegen/deriv.c" "codegen/CMakeFiles/sccodegen.dir/deriv.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/deriv.c.o.d"
  "/work/main/codegen/diag.c" "codegen/CMakeFiles/sccodegen.dir/diag.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/diag.c.o.d"
  "/work/main/codegen/emit_body.c" "codegen/CMakeFiles/sccodegen.dir/emit_body.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_body.c.o.d"
  "/work/main/codegen/emit_c.c" "codegen/CMakeFiles/sccodegen.dir/emit_c.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_c.c.o.d"
  "/work/main/codegen/emit_carry.c" "codegen/CMakeFiles/sccodegen.dir/emit_carry.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_carry.c.o.d"
  "/work/main/codegen/emit_core.c" "codegen/CMakeFiles/sccodegen.dir/emit_core.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_core.c.o.d"
  "/work/main/codegen/emit_cpu.c" "codegen/CMakeFiles/sccodegen.dir/emit_cpu.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_cpu.c.o.d"
  "/work/main/codegen/emit_expr.c" "codegen/CMakeFiles/sccodegen.dir/emit_expr.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_expr.c.o.d"
  "/work/main/codegen/emit_gpu.c" "codegen/CMakeFiles/sccodegen.dir/emit_gpu.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_gpu.c.o.d"
  "/work/main/codegen/emit_lu.c" "codegen/CMakeFiles/sccodegen.dir/emit_lu.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_lu.c.o.d"
  "/work/main/codegen/emit_methods.c" "codegen/CMakeFiles/sccodegen.dir/emit_methods.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_methods.c.o.d"
  "/work/main/codegen/emit_model.c" "codegen/CMakeFiles/sccodegen.dir/emit_model.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_model.c.o.d"
  "/work/main/codegen/emit_ops.c" "codegen/CMakeFiles/sccodegen.dir/emit_ops.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_ops.c.o.d"
  "/work/main/codegen/emit_rhsorder.c" "codegen/CMakeFiles/sccodegen.dir/emit_rhsorder.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_rhsorder.c.o.d"
  "/work/main/codegen/emit_stepops.c" "codegen/CMakeFiles/sccodegen.dir/emit_stepops.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_stepops.c.o.d"
  "/work/main/codegen/emit_watch.c" "codegen/CMakeFiles/sccodegen.dir/emit_watch.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/emit_watch.c.o.d"
  "/work/main/codegen/expr.c" "codegen/CMakeFiles/sccodegen.dir/expr.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/expr.c.o.d"
  "/work/main/codegen/frontend.c" "codegen/CMakeFiles/sccodegen.dir/frontend.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/frontend.c.o.d"
  "/work/main/codegen/hoist.c" "codegen/CMakeFiles/sccodegen.dir/hoist.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/hoist.c.o.d"
  "/work/main/codegen/info.c" "codegen/CMakeFiles/sccodegen.dir/info.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/info.c.o.d"
  "/work/main/codegen/lex.c" "codegen/CMakeFiles/sccodegen.dir/lex.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/lex.c.o.d"
  "/work/main/codegen/lut.c" "codegen/CMakeFiles/sccodegen.dir/lut.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/lut.c.o.d"
  "/work/main/codegen/method_names.c" "codegen/CMakeFiles/sccodegen.dir/method_names.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/method_names.c.o.d"
  "/work/main/codegen/methods.c" "codegen/CMakeFiles/sccodegen.dir/methods.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/methods.c.o.d"
  "/work/main/codegen/mtable.c" "codegen/CMakeFiles/sccodegen.dir/mtable.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/mtable.c.o.d"
  "/work/main/codegen/parse.c" "codegen/CMakeFiles/sccodegen.dir/parse.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/parse.c.o.d"
  "/work/main/build-sub/codegen/prelude.c" "codegen/CMakeFiles/sccodegen.dir/prelude.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/prelude.c.o.d"
  "/work/main/codegen/sema.c" "codegen/CMakeFiles/sccodegen.dir/sema.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/sema.c.o.d"
  "/work/main/codegen/sema_class.c" "codegen/CMakeFiles/sccodegen.dir/sema_class.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/sema_class.c.o.d"
  "/work/main/codegen/sema_order.c" "codegen/CMakeFiles/sccodegen.dir/sema_order.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/sema_order.c.o.d"
  "/work/main/codegen/sema_sym.c" "codegen/CMakeFiles/sccodegen.dir/sema_sym.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/sema_sym.c.o.d"
  "/work/main/codegen/vmcouple.c" "codegen/CMakeFiles/sccodegen.dir/vmcouple.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/vmcouple.c.o.d"
  "/work/main/codegen/watch.c" "codegen/CMakeFiles/sccodegen.dir/watch.c.o" "gcc" "codegen/CMakeFiles/sccodegen.dir/watch.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
