"""Training and export of the reader models: the only place that imports torch or ultralytics."""
