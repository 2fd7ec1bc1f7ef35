int speed_main(int argc, char **argv);
