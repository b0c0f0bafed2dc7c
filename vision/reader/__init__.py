"""Run time: photo -> corner indices -> cards. Imports numpy, OpenCV, Pillow and onnxruntime only."""
