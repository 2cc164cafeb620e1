Network single {
	Layer L200 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(10,6) Y';
			TemporalMap(3,3) S;
			TemporalMap(256,68) C;
			TemporalMap(257,257) K;
			SpatialMap(8,8) X';
			TemporalMap(3,3) R;
			Cluster(10,P);
			TemporalMap(3,3) R;
			SpatialMap(8,8) X';
			SpatialMap(12,12) Y';
			TemporalMap(196,196) C;
			TemporalMap(1,1) K;
			TemporalMap(3,3) S;
		}
	}
}
