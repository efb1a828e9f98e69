# Writes a CT series as a DICOM CD lays it out (DICOM/ST000001/SE000001/IM000001 …), from pydicom's CT_small.dcm
# with new UIDs and a rows x rows 16-bit image each: real files of real size for the helper's tests and bench.
# Usage: /usr/bin/python3 make-ct-files.py <folder> <count> <rows>
import os
import sys

import numpy as np
import pydicom
from pydicom.data import get_testdata_file
from pydicom.uid import generate_uid

folder, count, rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
template = pydicom.dcmread(get_testdata_file("CT_small.dcm"))
study, series = generate_uid(), generate_uid()
out = os.path.join(folder, "DICOM", "ST000001", "SE000001")
os.makedirs(out, exist_ok=True)
y, x = np.mgrid[0:rows, 0:rows]
for n in range(1, count + 1):
    ds = template.copy()
    sop = generate_uid()
    ds.StudyInstanceUID, ds.SeriesInstanceUID, ds.SOPInstanceUID = study, series, sop
    ds.file_meta.MediaStorageSOPInstanceUID = sop
    ds.AccessionNumber = "ACC-TEST-1"
    ds.PatientName = "TEST^HELPER"
    ds.InstanceNumber = n
    ds.Rows = ds.Columns = rows
    pixels = ((x * 7 + y * 3 + n * 11) % 2000).astype(np.int16)
    ds.PixelData = pixels.tobytes()
    ds.save_as(os.path.join(out, "IM%06d" % n), write_like_original=False)
