Network single {
	Layer L250 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(6,6) Y';
			TemporalMap(3,3) S;
			TemporalMap(64,64) C;
			SpatialMap(256,180) K;
			TemporalMap(9,9) X';
			Cluster(57,P);
			TemporalMap(3,3) R;
			SpatialMap(6,6) X';
			TemporalMap(8,8) Y';
			TemporalMap(3,3) S;
			TemporalMap(256,256) K;
			TemporalMap(1,1) C;
		}
	}
}
