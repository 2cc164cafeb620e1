Network single {
	Layer L218 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(36,36) X';
			TemporalMap(8,8) K;
			TemporalMap(3,1) Y';
			SpatialMap(14,3) C;
			TemporalMap(3,3) R;
			Cluster(44,P);
			TemporalMap(24,14) X';
			TemporalMap(19,19) Y';
			TemporalMap(3,3) S;
			SpatialMap(14,14) C;
			TemporalMap(3,3) R;
			TemporalMap(14,14) K;
			Cluster(5,P);
			TemporalMap(4,3) C;
			TemporalMap(3,3) S;
			TemporalMap(8,8) K;
			SpatialMap(14,14) Y';
			TemporalMap(3,3) R;
			TemporalMap(37,4) X';
		}
	}
}
