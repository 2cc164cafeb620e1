Network single {
	Layer L21 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(63,44) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(126,18) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) Y';
			Cluster(43,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) X';
			SpatialMap(30,22) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(22,20) K;
			Cluster(3,P);
			TemporalMap(3,3) S;
			TemporalMap(22,22) K;
			TemporalMap(5,5) Y';
			SpatialMap(18,18) C;
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
		}
	}
}
