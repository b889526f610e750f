/** `@cimiento/domain/change-log` (server only): the words of the 'Registro de cambios' (issue 30). */
export type { AdminChange } from './change-log-detail';
export {
  CHANGE_LOG_LIST_CAP,
  ChangeLogDetailBuilder,
  changeLogDetailOf,
  emptyChangeLogDetail,
} from './change-log-detail';
export type {
  CatalogueChangeRecord,
  CatalogueChangeSector,
  CatalogueChangeSubcomponent,
  CatalogueChangeTick,
  RemovedTick,
  SeededCatalogueRecord,
} from './catalogue-changes';
export { catalogueChange, catalogueRecordName, catalogueRecordNouns, catalogueSeedChange } from './catalogue-changes';
export type { UfValueWrite } from './uf-changes';
export { ufImportChange, ufRecordName, ufValuesChange } from './uf-changes';
