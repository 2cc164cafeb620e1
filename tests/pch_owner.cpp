// The owner of the suites' precompiled headers (tests/CMakeLists.txt, tests/ui/CMakeLists.txt); it has no code.
