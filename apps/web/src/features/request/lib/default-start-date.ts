/** Spec §6: the request search starts 7 days back for a Doctor, a year back for Link and HospitalDoctor, else today. */
export function defaultStartOffsetDays(roleName: string): number {
  if (roleName === 'Doctor') return -7;
  if (roleName === 'Link' || roleName === 'HospitalDoctor') return -365;
  return 0;
}
