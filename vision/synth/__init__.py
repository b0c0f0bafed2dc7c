"""The synthetic-data factory: card designs, scenes, camera, labels and exports."""
