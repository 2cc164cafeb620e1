Network single {
	Layer L302 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(42,42) X';
			TemporalMap(3,3) R;
			SpatialMap(32,32) K;
			TemporalMap(2,2) C;
			TemporalMap(3,3) S;
			TemporalMap(36,16) Y';
			Cluster(62,P);
			TemporalMap(16,16) Y';
			TemporalMap(3,3) R;
			SpatialMap(17,17) X';
			TemporalMap(1,1) C;
			TemporalMap(3,3) S;
			TemporalMap(10,2) K;
			Cluster(14,P);
			TemporalMap(3,3) Y';
			TemporalMap(10,10) K;
			TemporalMap(3,3) S;
			SpatialMap(1,1) C;
			TemporalMap(3,3) R;
			TemporalMap(17,17) X';
		}
	}
}
