//===- ArgumentSetCache.cpp - device state of recent argument sets --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/ArgumentSetCache.h"

#include <tuple>

using namespace llvm;

namespace gemm_opt {
namespace jit {

LaunchEvents::~LaunchEvents() = default;

/// The fields of `key`, for comparing.
static auto tie(const ArgumentSetKey &key) {
  return std::tie(key.a, key.b, key.c, key.bias, key.residual, key.m, key.n,
                  key.k, key.lda, key.ldb, key.ldc, key.batch, key.batchStrideA,
                  key.batchStrideB, key.batchStrideC, key.alphaBits,
                  key.betaBits, key.workspacePartials, key.workspaceCounters,
                  key.scaleA, key.scaleB, key.scaleD, key.amax, key.groups);
}

bool ArgumentSetKey::operator<(const ArgumentSetKey &other) const {
  return tie(*this) < tie(other);
}

bool ArgumentSetKey::operator==(const ArgumentSetKey &other) const {
  return tie(*this) == tie(other);
}

void PinnedHostDeleter::operator()(CUtensorMap *maps) const {
  (void)cudaFreeHost(maps);
}

ArgumentSet::~ArgumentSet() {
  if (lastUse)
    events->destroy(lastUse);
}

ArgumentSetCache::ArgumentSetCache(std::shared_ptr<LaunchEvents> events,
                                   size_t limit)
    : events(std::move(events)), limit(std::max<size_t>(limit, 1)) {}

std::shared_ptr<ArgumentSet> ArgumentSetCache::find(const ArgumentSetKey &key) {
  auto found = index.find(key);
  if (found == index.end())
    return nullptr;
  sets.splice(sets.begin(), sets, found->second);
  return *found->second;
}

/// Whether a PreparedArguments holds `set`.
static bool isHeld(const std::shared_ptr<ArgumentSet> &set) {
  return set->holds > 0;
}

Error ArgumentSetCache::retire(SetList::iterator set) {
  index.erase((*set)->key);
  // Its tensor maps and staged copies may still be read by a queued kernel.
  return events->synchronize((*set)->lastUse);
}

Expected<std::shared_ptr<ArgumentSet>>
ArgumentSetCache::take(const ArgumentSetKey &key) {
  SetList::iterator victim = sets.end();
  if (sets.size() >= limit)
    for (auto it = sets.end(); it != sets.begin();)
      if (!isHeld(*--it)) {
        victim = it;
        break;
      }
  if (victim != sets.end()) {
    if (Error error = retire(victim)) {
      sets.erase(victim);
      return std::move(error);
    }
    (*victim)->arguments.reset();
    sets.splice(sets.begin(), sets, victim);
  } else {
    Expected<cudaEvent_t> event = events->create();
    if (!event)
      return event.takeError();
    sets.push_front(std::make_shared<ArgumentSet>(events));
    sets.front()->lastUse = *event;
  }
  sets.front()->key = key;
  index[key] = sets.begin();

  // Sets kept beyond the limit while they were held go once they are not.
  for (auto it = sets.end(); sets.size() > limit && it != sets.begin();) {
    --it;
    if (it == sets.begin() || isHeld(*it))
      continue;
    if (Error error = retire(it))
      return std::move(error);
    it = sets.erase(it);
  }
  return sets.front();
}

void ArgumentSetCache::drop(const std::shared_ptr<ArgumentSet> &set) {
  auto found = index.find(set->key);
  if (found == index.end() || *found->second != set)
    return;
  sets.erase(found->second);
  index.erase(found);
}

Error ArgumentSetCache::waitForLastUse(ArgumentSet &set, cudaStream_t stream) {
  Expected<bool> complete = events->isComplete(set.lastUse);
  if (!complete)
    return complete.takeError();
  return *complete ? Error::success() : events->wait(stream, set.lastUse);
}

Error ArgumentSetCache::recordUse(ArgumentSet &set, cudaStream_t stream) {
  return events->record(set.lastUse, stream);
}

Error ArgumentSetCache::synchronize(ArgumentSet &set) {
  return events->synchronize(set.lastUse);
}

} // namespace jit
} // namespace gemm_opt
