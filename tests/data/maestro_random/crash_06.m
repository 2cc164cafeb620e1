Network single {
	Layer L122 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			TemporalMap(186,81) C;
			SpatialMap(6,6) Y';
			TemporalMap(472,472) K;
			TemporalMap(3,3) R;
			Cluster(36,P);
			TemporalMap(11,11) K;
			SpatialMap(6,6) Y';
			TemporalMap(3,3) S;
			TemporalMap(120,120) C;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			Cluster(3,P);
			TemporalMap(124,124) K;
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(6,6) Y';
			SpatialMap(204,204) C;
		}
	}
}
