Network single {
	Layer L266 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(56,22) Y';
			TemporalMap(1,1) R;
			TemporalMap(4,4) C;
			TemporalMap(8,8) K;
			SpatialMap(44,44) X';
			Cluster(61,P);
			TemporalMap(1,1) S;
			TemporalMap(54,54) Y';
			SpatialMap(1,1) K;
			TemporalMap(2,2) C;
			TemporalMap(28,6) X';
			TemporalMap(1,1) R;
			Cluster(5,P);
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(1,2) C;
			TemporalMap(18,18) Y';
			TemporalMap(1,1) K;
			TemporalMap(47,47) X';
		}
	}
}
