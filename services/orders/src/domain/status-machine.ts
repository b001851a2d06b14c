// The order and test status machines live in @gleba/contracts so the admin panel offers exactly
// the changes the service accepts.
export {
  canTransition,
  FARM_TRANSITIONS,
  GARDEN_TRANSITIONS,
  FARM_ENDED,
  GARDEN_ENDED,
  FARM_TO_SEND,
  GARDEN_TO_SEND,
  FARM_IN_PROGRESS,
  GARDEN_IN_PROGRESS,
  type Actor,
} from '@gleba/contracts';
