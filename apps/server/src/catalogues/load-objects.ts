import { catalogueLoadedMessages, loadObjectsContract } from '@cimiento/domain';
import { loadActivities, loadAreaTypes, loadComponents, loadSystems } from './catalogue-queries';
import { defineHandler } from '../core/define-handler';
import { loadResources, loadTrades } from './resource-queries';

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
    case 'oficios':
      return { collection, objects: await loadTrades(db), message };
    case 'recursos':
      return { collection, objects: await loadResources(db), message };
  }
});
