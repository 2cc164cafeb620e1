Network single {
	Layer L208 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(401,170) K;
			TemporalMap(5,5) Y';
			TemporalMap(169,169) C;
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			Cluster(36,P);
			SpatialMap(155,155) C;
			SpatialMap(12,12) X';
			SpatialMap(5,5) Y';
			TemporalMap(3,3) R;
			TemporalMap(323,323) K;
			TemporalMap(3,3) S;
		}
	}
}
