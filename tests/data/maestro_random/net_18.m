Network rnd18 {
	Layer L233 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(13,13) Y';
			TemporalMap(3,3) R;
			TemporalMap(7,7) X';
			TemporalMap(1,1) K;
			SpatialMap(128,128) C;
			TemporalMap(3,3) S;
			Cluster(6,P);
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(1,1) K;
			TemporalMap(13,13) Y';
			SpatialMap(2,2) X';
			TemporalMap(32,32) C;
		}
	}
	Layer L234 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(75,11) C;
			SpatialMap(37,37) X';
			TemporalMap(24,24) Y';
			TemporalMap(23,1) K;
			TemporalMap(1,1) R;
			Cluster(52,P);
			TemporalMap(15,6) K;
			TemporalMap(1,1) S;
			TemporalMap(6,6) C;
			TemporalMap(13,7) Y';
			SpatialMap(26,26) X';
			TemporalMap(1,1) R;
		}
	}
	Layer L235 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(152,10) K;
			SpatialMap(28,14) Y';
			TemporalMap(1,1) R;
			TemporalMap(1,1) X';
			TemporalMap(65,65) C;
			TemporalMap(1,1) S;
			Cluster(42,P);
			TemporalMap(1,1) X';
			TemporalMap(33,33) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(9,9) Y';
			SpatialMap(112,112) K;
		}
	}
	Layer L236 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(222,222) Y';
			TemporalMap(3,3) S;
			TemporalMap(66,66) X';
			TemporalMap(3,3) R;
			TemporalMap(16,3) K;
			SpatialMap(2,2) C;
		}
	}
	Layer L237 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(53,53) N;
			TemporalMap(31,33) K;
			TemporalMap(98,98) M;
			Cluster(20,P);
			SpatialMap(70,70) M;
			TemporalMap(53,53) N;
			TemporalMap(17,17) K;
		}
	}
	Layer L238 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(512,106) K;
			TemporalMap(256,256) C;
			TemporalMap(3,3) S;
			SpatialMap(2,2) Y';
			TemporalMap(5,5) X';
			TemporalMap(3,3) R;
			Cluster(20,P);
			TemporalMap(197,197) C;
			TemporalMap(295,295) K;
			TemporalMap(3,3) S;
			SpatialMap(3,2) X';
			TemporalMap(1,2) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L239 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(62,62) K;
			SpatialMap(15,15) X';
			TemporalMap(16,16) C;
			TemporalMap(9,9) Y';
			Cluster(16,P);
			TemporalMap(3,3) R;
			TemporalMap(9,9) Y';
			SpatialMap(15,10) X';
			TemporalMap(3,3) S;
			TemporalMap(4,3) C;
			TemporalMap(9,9) K;
		}
	}
	Layer L240 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(9,9) Y';
			SpatialMap(1,2) X';
			TemporalMap(383,383) K;
			TemporalMap(3,3) S;
			TemporalMap(157,157) C;
		}
	}
	Layer L241 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(78,78) X';
			SpatialMap(112,112) Y';
			TemporalMap(20,20) C;
			TemporalMap(8,1) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			Cluster(3,P);
			TemporalMap(35,37) Y';
			TemporalMap(8,8) C;
			TemporalMap(1,1) S;
			TemporalMap(55,21) X';
			TemporalMap(1,1) R;
			SpatialMap(2,2) K;
			Cluster(19,P);
			TemporalMap(27,27) C;
			TemporalMap(22,16) Y';
			TemporalMap(1,1) R;
			SpatialMap(7,7) K;
			TemporalMap(1,1) S;
			TemporalMap(102,102) X';
		}
	}
	Layer L242 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(56,56) Y';
			SpatialMap(47,47) X';
			TemporalMap(128,128) K;
			TemporalMap(1,1) S;
			TemporalMap(8,8) C;
			Cluster(46,P);
			TemporalMap(90,64) K;
			SpatialMap(3,3) C;
			TemporalMap(23,23) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(32,32) Y';
		}
	}
	Layer L243 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(512,512) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(29,27) K;
			TemporalMap(5,4) X';
			TemporalMap(4,4) Y';
			Cluster(56,P);
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			SpatialMap(5,1) Y';
			TemporalMap(347,347) K;
			TemporalMap(283,283) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L244 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(16,16) X';
			TemporalMap(27,27) Y';
			TemporalMap(54,16) C;
			TemporalMap(4,3) K;
			Cluster(36,P);
			TemporalMap(8,8) Y';
			TemporalMap(4,4) K;
			SpatialMap(40,10) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(8,8) X';
			Cluster(2,P);
			TemporalMap(3,3) K;
			TemporalMap(4,4) C;
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
			SpatialMap(5,5) Y';
			TemporalMap(3,3) S;
		}
	}
}
