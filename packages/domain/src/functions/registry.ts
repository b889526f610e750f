import {
  loadObjectsContract,
  removeObjectContract,
  saveObjectContract,
  seedCataloguesContract,
} from './catalogue-contracts';
import { loadEdcContract, saveEdcContract } from './edc-contracts';
import { loadEdpUsageContract, saveEdpContract, updateItemEdpContract } from './edp-contracts';
import { loadGanttContract, saveGanttContract } from './gantt-contracts';
import {
  checkProjectCodeContract,
  loadProjectContract,
  loadProjectsContract,
  removeProjectContract,
  saveProjectContract,
  updateProjectContract,
} from './project-contracts';
import { loadProfileContract, saveProfileContract, uploadFileContract } from './profile-contracts';
import { loadUsersContract, saveUserContract } from './user-contracts';

/** Every callable function. The server mounts one route per entry; the web client is typed from it. */
export const functionContracts = [
  loadProfileContract,
  saveProfileContract,
  uploadFileContract,
  loadUsersContract,
  saveUserContract,
  saveObjectContract,
  removeObjectContract,
  loadObjectsContract,
  seedCataloguesContract,
  saveProjectContract,
  loadProjectsContract,
  loadProjectContract,
  removeProjectContract,
  updateProjectContract,
  checkProjectCodeContract,
  saveEdpContract,
  updateItemEdpContract,
  loadEdpUsageContract,
  loadEdcContract,
  saveEdcContract,
  loadGanttContract,
  saveGanttContract,
] as const;

export type AnyFunctionContract = (typeof functionContracts)[number];
export type FunctionName = AnyFunctionContract['name'];
export type ContractByName<N extends FunctionName> = Extract<AnyFunctionContract, { name: N }>;
