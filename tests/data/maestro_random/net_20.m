Network rnd20 {
	Layer L258 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(11,11) Y';
			TemporalMap(3,3) R;
			SpatialMap(256,107) C;
			TemporalMap(11,11) X';
			TemporalMap(3,3) S;
			TemporalMap(120,120) K;
		}
	}
	Layer L259 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(29,29) C;
			TemporalMap(7,7) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(27,27) Y';
			TemporalMap(6,2) K;
			Cluster(46,P);
			TemporalMap(3,3) S;
			TemporalMap(27,27) Y';
			TemporalMap(3,3) R;
			TemporalMap(6,6) X';
			SpatialMap(24,7) C;
			TemporalMap(6,6) K;
			Cluster(1,P);
			TemporalMap(27,27) Y';
			TemporalMap(18,18) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(12,12) C;
			TemporalMap(59,59) K;
		}
	}
	Layer L260 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			SpatialMap(20,20) K;
			TemporalMap(37,37) N;
			TemporalMap(33,13) M;
		}
	}
	Layer L261 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(10,10) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(64,64) K;
			TemporalMap(2,2) X';
			TemporalMap(13,13) Y';
			Cluster(54,P);
			TemporalMap(64,64) K;
			TemporalMap(3,3) S;
			TemporalMap(2,2) X';
			TemporalMap(2,2) Y';
			SpatialMap(2,3) C;
			TemporalMap(3,3) R;
			Cluster(1,P);
			TemporalMap(3,3) R;
			SpatialMap(1,1) C;
			TemporalMap(1,1) Y';
			TemporalMap(2,2) X';
			TemporalMap(4,4) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L262 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(2,1) C;
			TemporalMap(7,7) R;
			SpatialMap(106,106) Y';
			TemporalMap(86,86) X';
			TemporalMap(7,7) S;
			TemporalMap(64,64) K;
			Cluster(6,P);
			TemporalMap(14,14) K;
			TemporalMap(86,86) X';
			SpatialMap(1,1) C;
			TemporalMap(53,53) Y';
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
		}
	}
	Layer L263 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(5,5) Y';
			TemporalMap(3,3) R;
			SpatialMap(335,335) C;
			TemporalMap(2,2) X';
			TemporalMap(355,166) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L264 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(114,114) K;
			TemporalMap(2,2) Y';
			SpatialMap(4,4) X';
			TemporalMap(91,91) C;
		}
	}
	Layer L265 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(618,618) N;
			TemporalMap(363,74) K;
			SpatialMap(243,243) M;
			Cluster(46,P);
			SpatialMap(597,597) N;
			SpatialMap(146,237) M;
			TemporalMap(35,27) K;
		}
	}
	Layer L267 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(6,6) X';
			TemporalMap(80,50) K;
			TemporalMap(2,2) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(3,3) Y';
			Cluster(31,P);
			TemporalMap(3,1) Y';
			TemporalMap(59,59) K;
			TemporalMap(3,3) R;
			SpatialMap(1,1) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) X';
		}
	}
	Layer L268 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(168,168) C;
			TemporalMap(3,3) S;
			TemporalMap(5,5) X';
			SpatialMap(512,512) K;
			TemporalMap(3,3) R;
			TemporalMap(6,6) Y';
			Cluster(53,P);
			SpatialMap(4,4) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(4,4) Y';
			TemporalMap(3,3) K;
			TemporalMap(35,35) C;
		}
	}
	Layer L269 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(6,6) Y';
			TemporalMap(2,2) X';
			SpatialMap(117,31) K;
			TemporalMap(91,91) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L270 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			TemporalMap(399,77) N;
			TemporalMap(51,51) M;
			SpatialMap(504,172) K;
		}
	}
}
