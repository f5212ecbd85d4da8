// Program years (clusters): created, then deactivated for good; one is the default.
import * as t from 'io-ts'
import { ClusterId } from '../shared/ids.js'

export const Cluster = t.type({
  clusterId: ClusterId,
  clusterText: t.string,
  isEnded: t.boolean,
  isDefault: t.boolean,
})
export type Cluster = t.TypeOf<typeof Cluster>

export const CLUSTER_TITLE_MAX = 30
export const CLUSTER_TITLE_PATTERN = /^[A-Za-z0-9À-ÖØ-öø-ÿ/ _-]+$/
