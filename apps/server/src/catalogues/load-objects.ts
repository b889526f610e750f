import { catalogueLoadedMessages, loadObjectsContract } from '@cimiento/domain';
import { loadActivities, loadAreaTypes, loadComponents, loadSystems } from './catalogue-queries';
import { defineHandler } from '../core/define-handler';

/** One catalogue, sorted by priority (domain.md), with the spec's fixed message. */
export const handleLoadObjects = defineHandler(loadObjectsContract, async ({ collection }, { db }) => {
  const message = catalogueLoadedMessages[collection];
  switch (collection) {
    case 'tipos-area':
      return { collection, objects: await loadAreaTypes(db), message };
    case 'actividades':
      return { collection, objects: await loadActivities(db), message };
    case 'sistemas':
      return { collection, objects: await loadSystems(db), message };
    case 'componentes':
      return { collection, objects: await loadComponents(db), message };
  }
});
