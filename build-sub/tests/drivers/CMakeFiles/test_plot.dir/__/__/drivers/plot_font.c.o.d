tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot_font.c.o: \
 /work/main/drivers/plot_font.c /usr/include/stdc-predef.h \
 /work/main/drivers/plot_font.h
