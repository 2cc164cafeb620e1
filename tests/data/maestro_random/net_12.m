Network rnd12 {
	Layer L153 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(105,160) C;
			TemporalMap(3,3) S;
			TemporalMap(89,15) K;
			TemporalMap(14,14) Y';
			SpatialMap(16,9) X';
			Cluster(64,P);
			TemporalMap(3,3) R;
			SpatialMap(85,85) K;
			TemporalMap(9,9) X';
			TemporalMap(4,2) Y';
			TemporalMap(3,3) S;
			TemporalMap(102,102) C;
		}
	}
	Layer L154 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(73,37) X';
			TemporalMap(65,65) C;
			SpatialMap(96,96) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(40,P);
			TemporalMap(61,61) X';
			TemporalMap(3,3) S;
			TemporalMap(70,27) Y';
			TemporalMap(3,3) R;
			SpatialMap(39,21) C;
		}
	}
	Layer L155 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			SpatialMap(12,4) Y';
			TemporalMap(154,154) C;
			TemporalMap(109,64) K;
			TemporalMap(9,2) X';
			TemporalMap(3,3) R;
			Cluster(59,P);
			TemporalMap(3,3) R;
			TemporalMap(129,129) C;
			TemporalMap(3,3) S;
			TemporalMap(8,8) X';
			SpatialMap(81,81) K;
			TemporalMap(5,5) Y';
		}
	}
	Layer L156 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) S;
			SpatialMap(72,72) K;
			TemporalMap(2,2) X';
			TemporalMap(28,22) C;
			TemporalMap(4,4) Y';
			TemporalMap(1,1) R;
			Cluster(38,P);
			TemporalMap(8,6) C;
			SpatialMap(3,3) Y';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(42,40) K;
			TemporalMap(2,2) X';
		}
	}
	Layer L157 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(140,140) K;
			TemporalMap(10,10) X';
			TemporalMap(3,3) S;
			TemporalMap(12,12) Y';
			TemporalMap(62,62) C;
			Cluster(18,P);
			TemporalMap(79,79) K;
			TemporalMap(3,3) R;
			SpatialMap(10,10) Y';
			TemporalMap(27,27) C;
			TemporalMap(3,3) S;
			TemporalMap(9,9) X';
		}
	}
	Layer L158 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(22,22) Y';
			TemporalMap(26,26) X';
			TemporalMap(55,55) K;
			TemporalMap(3,3) R;
			TemporalMap(64,64) C;
			TemporalMap(3,3) S;
			Cluster(39,P);
			TemporalMap(50,50) C;
			SpatialMap(14,14) X';
			TemporalMap(3,3) S;
			TemporalMap(15,15) Y';
			TemporalMap(3,3) R;
			TemporalMap(55,55) K;
		}
	}
	Layer L159 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) C;
			SpatialMap(27,27) K;
			TemporalMap(1,1) S;
			TemporalMap(21,21) Y';
			TemporalMap(31,31) X';
			TemporalMap(1,1) R;
			Cluster(3,P);
			TemporalMap(1,1) S;
			SpatialMap(24,24) Y';
			TemporalMap(24,4) K;
			TemporalMap(8,8) X';
			TemporalMap(1,1) C;
			TemporalMap(1,1) R;
		}
	}
	Layer L160 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(256,256) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(136,136) K;
			TemporalMap(11,11) Y';
			TemporalMap(6,6) X';
			Cluster(58,P);
			TemporalMap(3,3) R;
			TemporalMap(6,6) X';
			SpatialMap(3,3) Y';
			TemporalMap(126,126) K;
			TemporalMap(32,32) C;
			TemporalMap(3,3) S;
		}
	}
	Layer L162 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(8,8) X';
			TemporalMap(1,1) S;
			TemporalMap(179,179) K;
			TemporalMap(1,1) R;
			TemporalMap(15,15) Y';
			TemporalMap(95,95) C;
			Cluster(1,P);
			TemporalMap(1,1) R;
			TemporalMap(15,15) Y';
			TemporalMap(75,75) K;
			TemporalMap(24,9) C;
			TemporalMap(1,1) S;
			SpatialMap(3,2) X';
		}
	}
	Layer L163 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(4,4) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) C;
			TemporalMap(18,9) Y';
			TemporalMap(3,3) R;
			SpatialMap(111,111) X';
			Cluster(26,P);
			SpatialMap(1,1) C;
			TemporalMap(11,11) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(58,58) X';
			TemporalMap(2,2) K;
		}
	}
	Layer L164 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(225,69) K;
			TemporalMap(4,3) M;
			TemporalMap(739,979) N;
		}
	}
	Layer L165 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(16,16) K;
			TemporalMap(84,81) X';
			TemporalMap(17,17) C;
			TemporalMap(1,1) R;
			SpatialMap(34,34) Y';
			Cluster(61,P);
			TemporalMap(1,1) R;
			TemporalMap(75,45) X';
			TemporalMap(9,9) C;
			TemporalMap(1,1) S;
			SpatialMap(16,16) K;
			TemporalMap(2,2) Y';
		}
	}
}
