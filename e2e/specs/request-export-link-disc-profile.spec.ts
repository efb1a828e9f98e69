import { expect, test, type Download } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { RequestPage } from '../pages/request-page';
import { examsWithoutImages, freshCopy, matchStudies, stow, studyUidOf, undecodableJ2k } from '../pages/viewer-setup';
import { apiSessionAs } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 27 item 9: the images are downloaded as stored or for a general-purpose CD (STD-GEN-CD), as the user chooses.

interface ZipSummary {
  names: string[];
  /** Transfer syntax of each DICOM file (DICOMDIR excluded), from its own file meta information. */
  syntaxes: string[];
  /** What the DICOMDIR's instance records say of their files' syntax. */
  recordSyntaxes: string[];
  readme: string | null;
}

/** The downloaded zip read by Debian's pydicom (the test corpus's package): its files and their transfer syntaxes. */
async function summary(download: Download): Promise<ZipSummary> {
  const script = [
    'import io, json, sys, zipfile, pydicom',
    'z = zipfile.ZipFile(sys.argv[1])',
    'names = z.namelist()',
    'syntaxes = [str(pydicom.dcmread(io.BytesIO(z.read(n))).file_meta.TransferSyntaxUID) for n in names if n.startswith("DICOM/")]',
    'dd = pydicom.dcmread(io.BytesIO(z.read("DICOMDIR")))',
    'records = [str(r.ReferencedTransferSyntaxUIDInFile) for r in dd.DirectoryRecordSequence if "ReferencedFileID" in r]',
    'readme = z.read("README").decode("utf-8") if "README" in names else None',
    'print(json.dumps({"names": names, "syntaxes": syntaxes, "recordSyntaxes": records, "readme": readme}))',
  ].join('\n');
  const out = execFileSync('/usr/bin/python3', ['-c', script, await download.path()], { encoding: 'utf8' });
  return JSON.parse(out) as ZipSummary;
}

test('the film link downloads the images as stored by default, or uncompressed for a general-purpose CD', async ({
  page,
  browser,
  baseURL,
}) => {
  // An exam whose images are RLE and explicit little endian, and one JPEG 2000 image no codec can read.
  const staff = await apiSessionAs(baseURL!, 'staff');
  const [target] = await examsWithoutImages(staff);
  expect(target, 'a scheduled exam without images').toBeDefined();
  const rle = freshCopy('MR_small_RLE.dcm');
  const plain = freshCopy('CT_small.dcm');
  const broken = undecodableJ2k();
  await stow(staff, [rle, plain, broken]);
  await matchStudies(staff, [...new Set([rle, plain, broken].map(studyUidOf))], target!.examId);
  await staff.dispose();

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await rq.gotoList();
  await page.locator('#request-search-startDate').fill('01-01-2000');
  const row = await rq.findByAccession(target!.accessionNumber!);
  await row.getByTestId('request-export').click();
  const url = await page.getByTestId('export-link-dialog').getByTestId('export-link-url').textContent();
  expect(url).toMatch(/\/link\/[A-Za-z0-9_-]{24}$/);

  const fresh = await browser.newContext();
  const outsider = await fresh.newPage();
  await outsider.goto(url!);
  const card = outsider.getByTestId('public-link-exam').filter({ hasText: target!.accessionNumber! });
  const format = card.getByRole('combobox', { name: 'รูปแบบไฟล์ (File format)' });
  await expect(format).toHaveText('ตามที่เก็บ (as stored)');

  // As stored (the default): the files as the archive holds them, the compressed one too.
  let saving = outsider.waitForEvent('download', { timeout: 60_000 });
  await card.getByTestId('public-link-download').click();
  const stored = await saving;
  expect(stored.suggestedFilename()).toBe(`${target!.accessionNumber!.replace(/[^A-Za-z0-9._-]+/g, '_')}.zip`);
  const asStored = await summary(stored);
  expect(asStored.syntaxes.sort()).toEqual(['1.2.840.10008.1.2.1', '1.2.840.10008.1.2.4.91', '1.2.840.10008.1.2.5']);
  expect(asStored.readme).toBeNull();

  // STD-GEN-CD: chosen by its Thai label, every file explicit VR little endian, the unreadable image left out and told.
  await format.click();
  const options = outsider.getByRole('listbox');
  await expect(options.getByRole('option')).toHaveText([/ตามที่เก็บ \(as stored\)/, /แผ่น CD ทั่วไป \(STD-GEN-CD\)/]);
  // The menu fades in: a shot taken mid-fade shows the download button through it.
  await outsider.screenshot({ path: screenshotPath('request-public-link-disc-profile-menu'), animations: 'disabled' });
  await options.getByRole('option', { name: /แผ่น CD ทั่วไป/ }).click();
  await expect(format).toHaveText('แผ่น CD ทั่วไป (STD-GEN-CD)');
  saving = outsider.waitForEvent('download', { timeout: 60_000 });
  await card.getByTestId('public-link-download').click();
  const cd = await saving;
  expect(cd.suggestedFilename()).toMatch(/-STD-GEN-CD\.zip$/);
  const disc = await summary(cd);
  expect(disc.syntaxes).toEqual(['1.2.840.10008.1.2.1', '1.2.840.10008.1.2.1']);
  expect(new Set(disc.recordSyntaxes)).toEqual(new Set(['1.2.840.10008.1.2.1']));
  expect(disc.readme).toContain('STD-GEN-CD');
  await expect(card.getByTestId('public-link-left-out')).toContainText('ภาพ 1 ภาพแปลงเป็นแบบไม่บีบอัดไม่ได้');
  await outsider.screenshot({ path: screenshotPath('request-public-link-disc-profile') });
  await fresh.close();
});
