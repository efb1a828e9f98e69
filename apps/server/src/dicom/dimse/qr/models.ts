import { PATIENT_ROOT_FIND_SOP_CLASS, STUDY_ROOT_FIND_SOP_CLASS, type QueryRoot } from './archive-find';
import { PATIENT_ROOT_GET_SOP_CLASS, STUDY_ROOT_GET_SOP_CLASS } from './archive-get';
import { PATIENT_ROOT_MOVE_SOP_CLASS, STUDY_ROOT_MOVE_SOP_CLASS } from './archive-move';

/** A Query/Retrieve SOP class: its service and information model. */
export interface QrModel {
  service: 'find' | 'get' | 'move';
  root: QueryRoot;
}

const QR_SOP_CLASSES: ReadonlyMap<string, QrModel> = new Map<string, QrModel>([
  [STUDY_ROOT_FIND_SOP_CLASS, { service: 'find', root: 'study' }],
  [PATIENT_ROOT_FIND_SOP_CLASS, { service: 'find', root: 'patient' }],
  [STUDY_ROOT_GET_SOP_CLASS, { service: 'get', root: 'study' }],
  [PATIENT_ROOT_GET_SOP_CLASS, { service: 'get', root: 'patient' }],
  [STUDY_ROOT_MOVE_SOP_CLASS, { service: 'move', root: 'study' }],
  [PATIENT_ROOT_MOVE_SOP_CLASS, { service: 'move', root: 'patient' }],
]);

/** The Query/Retrieve service and information model of a SOP class, or undefined for any other. */
export function rootOf(sopClassUid: string): QrModel | undefined {
  return QR_SOP_CLASSES.get(sopClassUid);
}
