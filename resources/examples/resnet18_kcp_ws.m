// ResNet-18 (layer shapes from GAMMA's tables) with a weight-stationary dataflow in the
// style of MAESTRO's kcp_ws files: output channels across clusters of 16 PEs, input
// channels across the PEs of a cluster. Run: mapscape-cli eval resnet18_kcp_ws.m --hw edge_accelerator.m
// Written by Mapscape.
Network ResNet18 {
	Layer conv1 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
			TemporalMap(7,1) Y;
			TemporalMap(7,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(7,1) Y;
			TemporalMap(7,1) X;
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
		}
	}
	Layer conv2 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv3 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv4 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv5 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv6 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv7 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv8 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
		}
	}
	Layer conv9 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv10 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv11 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv12 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv13 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
		}
	}
	Layer conv14 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv15 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv16 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv17 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv18 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(1,1) Y;
			TemporalMap(1,1) X;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
		}
	}
	Layer conv19 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer conv20 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(1,1) K;
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			Cluster(16,P);
			SpatialMap(1,1) C;
			TemporalMap(3,1) Y;
			TemporalMap(3,1) X;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
}
