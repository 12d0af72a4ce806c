file(REMOVE_RECURSE
  "../gen/hip/AlievPanfilov_hip.o"
  "../gen/hip/beeler_reuter_model_1977_hip.o"
  "../gen/hip/luo_rudy_1994_hip.o"
  "../gen/hip/ten_tusscher_model_2004_epi_hip.o"
  "../gen/hip/ten_tusscher_model_2006_epi_hip.o"
  "CMakeFiles/starcarp_hip_models"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/starcarp_hip_models.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
