Network single {
	Layer L281 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(42,42) K;
			SpatialMap(56,1) M;
			TemporalMap(19,19) N;
			Cluster(60,P);
			SpatialMap(56,56) M;
			TemporalMap(42,42) K;
			TemporalMap(6,6) N;
			Cluster(8,P);
			SpatialMap(20,20) M;
			TemporalMap(23,23) K;
			TemporalMap(4,4) N;
		}
	}
}
