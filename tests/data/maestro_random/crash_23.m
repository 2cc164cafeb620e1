Network single {
	Layer L342 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(5,5) C;
			TemporalMap(4,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(36,36) K;
			SpatialMap(3,1) X';
			TemporalMap(3,3) S;
			Cluster(24,P);
			TemporalMap(1,1) C;
			TemporalMap(57,25) K;
			SpatialMap(5,5) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			Cluster(4,P);
			SpatialMap(239,239) C;
			TemporalMap(7,7) X';
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(31,31) K;
		}
	}
}
