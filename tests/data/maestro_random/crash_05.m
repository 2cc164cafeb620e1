Network single {
	Layer L114 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(108,108) C;
			TemporalMap(25,25) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(37,19) K;
			TemporalMap(26,26) X';
			Cluster(55,P);
			TemporalMap(3,3) R;
			TemporalMap(21,21) K;
			TemporalMap(3,3) S;
			TemporalMap(14,14) Y';
			TemporalMap(7,7) X';
			SpatialMap(128,128) C;
			Cluster(2,P);
			TemporalMap(3,3) R;
			TemporalMap(75,24) C;
			SpatialMap(10,5) Y';
			TemporalMap(7,5) X';
			TemporalMap(3,3) S;
			TemporalMap(100,100) K;
		}
	}
}
