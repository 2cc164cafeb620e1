Network single {
	Layer L151 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(4,4) X';
			SpatialMap(135,135) C;
			TemporalMap(10,10) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(249,249) K;
			Cluster(60,P);
			SpatialMap(5,5) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(103,79) C;
			TemporalMap(2,2) Y';
			TemporalMap(169,167) K;
		}
	}
}
