"""The index classifier's layouts (``classifier_net.IndexNet``), named where no torch is imported:
the command lines check a layout before anything is trained."""

LAYOUTS = ("quarter", "fine")       # quarter: the first two layers stride 2; fine: the first at full resolution
