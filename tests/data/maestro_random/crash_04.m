Network single {
	Layer L112 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(256,256) C;
			SpatialMap(1,1) X';
			TemporalMap(512,512) K;
			TemporalMap(3,3) S;
			Cluster(34,P);
			TemporalMap(4,4) Y';
			TemporalMap(1,2) X';
			TemporalMap(3,3) R;
			SpatialMap(512,389) K;
			TemporalMap(20,20) C;
			TemporalMap(3,3) S;
			Cluster(10,P);
			SpatialMap(1,1) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(5,5) Y';
			TemporalMap(9,8) C;
			TemporalMap(240,240) K;
		}
	}
}
