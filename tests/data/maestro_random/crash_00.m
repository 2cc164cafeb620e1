Network single {
	Layer L0 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(3,2) X';
			TemporalMap(3,3) S;
			TemporalMap(2,2) Y';
			TemporalMap(79,79) K;
			TemporalMap(512,512) C;
			Cluster(64,P);
			SpatialMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(230,181) C;
			TemporalMap(2,2) Y';
			TemporalMap(3,3) S;
			TemporalMap(59,59) K;
			Cluster(13,P);
			TemporalMap(54,54) K;
			SpatialMap(2,2) Y';
			TemporalMap(197,143) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(2,2) X';
		}
	}
}
