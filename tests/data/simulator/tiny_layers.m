// Tiny layers whose simulated figures are worked out by hand in test_reference_simulator.cpp
// and in docs/reference-simulator.md.
Network Tiny {
  // A 1-D convolution: two filters on two PEs, a 3-row window sliding by one row.
  Layer Row1D {
    Type: CONV
    Dimensions { K: 2, C: 1, R: 3, S: 1, Y: 5, X: 1 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(3,1) Y;
    }
  }
  // Partial tiles: three filters on two PEs (the second step has one idle), channels in tiles
  // of two (the second tile has one).
  Layer Partial {
    Type: CONV
    Dimensions { K: 3, C: 3, R: 1, S: 1, Y: 2, X: 2 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(2,2) C;
    }
  }
  // Stride 2: a 3-row window over 7 rows gives 3 output rows, one per step.
  Layer Strided {
    Type: CONV
    Stride { X: 1, Y: 2 }
    Dimensions { K: 1, C: 1, R: 3, S: 1, Y: 7, X: 1 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(1,1) Y';
    }
  }
}
