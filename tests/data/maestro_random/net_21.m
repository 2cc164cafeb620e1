Network rnd21 {
	Layer L271 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) X';
			SpatialMap(197,184) C;
			TemporalMap(94,94) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(6,6) Y';
			Cluster(52,P);
			TemporalMap(3,3) S;
			TemporalMap(3,2) X';
			TemporalMap(55,55) K;
			SpatialMap(66,43) C;
			TemporalMap(4,4) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L272 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(54,54) X';
			TemporalMap(9,9) Y';
			TemporalMap(64,64) K;
			SpatialMap(62,62) C;
			Cluster(9,P);
			TemporalMap(60,24) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(54,54) X';
			TemporalMap(2,2) Y';
			SpatialMap(64,56) K;
		}
	}
	Layer L273 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(62,62) Y';
			TemporalMap(64,6) X';
			TemporalMap(3,3) S;
			TemporalMap(7,7) C;
			Cluster(51,P);
			TemporalMap(64,25) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(62,62) Y';
			SpatialMap(27,6) C;
		}
	}
	Layer L274 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(256,256) C;
			TemporalMap(168,64) K;
			SpatialMap(12,5) Y';
			TemporalMap(3,3) R;
			TemporalMap(9,9) X';
			Cluster(46,P);
			TemporalMap(171,171) K;
			SpatialMap(38,38) C;
			TemporalMap(3,3) R;
			TemporalMap(12,16) X';
			TemporalMap(3,3) S;
			TemporalMap(2,2) Y';
		}
	}
	Layer L275 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(13,13) Y';
			SpatialMap(22,22) X';
			TemporalMap(58,58) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(64,64) C;
			Cluster(13,P);
			SpatialMap(43,43) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(20,20) X';
			TemporalMap(13,13) Y';
			TemporalMap(8,8) C;
			Cluster(1,P);
			SpatialMap(36,36) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(8,1) Y';
			TemporalMap(13,13) K;
			TemporalMap(20,20) X';
		}
	}
	Layer L277 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(202,202) K;
			TemporalMap(15,12) Y';
			TemporalMap(25,25) C;
			SpatialMap(10,10) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(59,P);
			TemporalMap(3,3) S;
			TemporalMap(14,12) Y';
			SpatialMap(10,10) X';
			TemporalMap(4,4) C;
			TemporalMap(84,84) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L278 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(41,41) C;
			TemporalMap(70,8) K;
			TemporalMap(3,3) R;
			TemporalMap(10,8) Y';
			TemporalMap(9,7) X';
			TemporalMap(3,3) S;
			Cluster(4,P);
			TemporalMap(3,3) R;
			TemporalMap(49,49) K;
			SpatialMap(113,113) C;
			TemporalMap(9,3) X';
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
		}
	}
	Layer L279 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(225,30) C;
			TemporalMap(5,5) Y';
			TemporalMap(4,4) X';
			TemporalMap(3,3) R;
			SpatialMap(512,512) K;
			Cluster(29,P);
			TemporalMap(3,3) S;
			TemporalMap(225,168) C;
			TemporalMap(3,3) R;
			SpatialMap(4,4) X';
			SpatialMap(106,106) K;
			TemporalMap(5,5) Y';
		}
	}
	Layer L280 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) R;
			SpatialMap(10,17) C;
			TemporalMap(106,106) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) X';
			SpatialMap(15,15) K;
			Cluster(55,P);
			TemporalMap(15,15) K;
			TemporalMap(1,1) X';
			TemporalMap(1,1) S;
			SpatialMap(99,99) Y';
			TemporalMap(1,1) R;
			TemporalMap(7,3) C;
		}
	}
	Layer L282 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(768,768) N;
			TemporalMap(512,512) M;
			TemporalMap(768,66) K;
			Cluster(36,P);
			TemporalMap(595,595) N;
			SpatialMap(512,267) M;
			TemporalMap(356,356) K;
		}
	}
	Layer L283 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(13,13) Y';
			TemporalMap(1,1) S;
			TemporalMap(124,124) K;
			TemporalMap(1,1) R;
			SpatialMap(14,11) X';
			TemporalMap(43,43) C;
			Cluster(6,P);
			TemporalMap(9,2) X';
			TemporalMap(26,26) Y';
			TemporalMap(1,1) S;
			SpatialMap(23,23) K;
			TemporalMap(1,1) R;
			TemporalMap(43,37) C;
			Cluster(15,P);
			TemporalMap(17,9) C;
			TemporalMap(19,2) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(13,13) Y';
			SpatialMap(9,9) X';
		}
	}
	Layer L284 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(16,16) Y';
			TemporalMap(62,62) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(63,63) K;
			TemporalMap(54,74) X';
			Cluster(17,P);
			TemporalMap(3,3) R;
			TemporalMap(50,50) X';
			TemporalMap(63,63) K;
			SpatialMap(15,15) Y';
			TemporalMap(3,3) S;
			TemporalMap(14,14) C;
		}
	}
}
