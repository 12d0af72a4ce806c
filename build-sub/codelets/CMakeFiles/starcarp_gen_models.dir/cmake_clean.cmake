file(REMOVE_RECURSE
  "../gen/AlievPanfilov_c.c"
  "../gen/AlievPanfilov_cpu.c"
  "../gen/AlievPanfilov_cpu_f32.c"
  "../gen/AlievPanfilov_hip.hip"
  "../gen/AlievPanfilov_hip_f32.hip"
  "../gen/beeler_reuter_model_1977_c.c"
  "../gen/beeler_reuter_model_1977_cpu.c"
  "../gen/beeler_reuter_model_1977_cpu_f32.c"
  "../gen/beeler_reuter_model_1977_hip.hip"
  "../gen/beeler_reuter_model_1977_hip_f32.hip"
  "../gen/luo_rudy_1994_c.c"
  "../gen/luo_rudy_1994_cpu.c"
  "../gen/luo_rudy_1994_cpu_f32.c"
  "../gen/luo_rudy_1994_hip.hip"
  "../gen/luo_rudy_1994_hip_f32.hip"
  "../gen/stamp/AlievPanfilov.stamp"
  "../gen/stamp/beeler_reuter_model_1977.stamp"
  "../gen/stamp/luo_rudy_1994.stamp"
  "../gen/stamp/ten_tusscher_model_2004_epi.stamp"
  "../gen/stamp/ten_tusscher_model_2006_epi.stamp"
  "../gen/ten_tusscher_model_2004_epi_c.c"
  "../gen/ten_tusscher_model_2004_epi_cpu.c"
  "../gen/ten_tusscher_model_2004_epi_cpu_f32.c"
  "../gen/ten_tusscher_model_2004_epi_hip.hip"
  "../gen/ten_tusscher_model_2004_epi_hip_f32.hip"
  "../gen/ten_tusscher_model_2006_epi_c.c"
  "../gen/ten_tusscher_model_2006_epi_cpu.c"
  "../gen/ten_tusscher_model_2006_epi_cpu_f32.c"
  "../gen/ten_tusscher_model_2006_epi_hip.hip"
  "../gen/ten_tusscher_model_2006_epi_hip_f32.hip"
  "CMakeFiles/starcarp_gen_models"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/starcarp_gen_models.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
