Network single {
	Layer L173 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(16,16) K;
			TemporalMap(54,54) X';
			TemporalMap(13,11) C;
			TemporalMap(3,3) S;
			TemporalMap(32,32) Y';
			Cluster(51,P);
			TemporalMap(54,54) Y';
			TemporalMap(3,3) R;
			TemporalMap(64,110) C;
			SpatialMap(2,2) X';
			TemporalMap(13,13) K;
			TemporalMap(3,3) S;
			Cluster(12,P);
			TemporalMap(35,35) C;
			SpatialMap(2,2) X';
			TemporalMap(9,9) K;
			TemporalMap(35,35) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
}
