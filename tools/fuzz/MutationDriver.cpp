//===- MutationDriver.cpp - the fuzz targets without libFuzzer ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where libFuzzer's runtime is missing, a fuzz target links this main()
// instead: it runs every corpus file, then deterministic mutations of them
// (a fixed seed, no coverage feedback) until a time or run budget is spent;
// -max_total_time counts from the end of the corpus run. It takes the
// libFuzzer flags scripts/fuzz.sh passes and ignores the others. A crash leaves the input that caused it in <artifact_prefix>crash.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdint>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

/// The input being run, for the crash handler.
const std::string *currentInput = nullptr;
char crashPath[4096] = "crash";

/// Writes the current input to crashPath and dies of the same signal.
void onCrash(int signal) {
  if (currentInput) {
    int fd = ::open(crashPath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ssize_t written = ::write(fd, currentInput->data(), currentInput->size());
      (void)written;
      ::close(fd);
    }
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void installCrashHandlers() {
  // A stack overflow needs a stack of its own to report from.
  static std::vector<char> alternate(1 << 16);
  stack_t stack{};
  stack.ss_sp = alternate.data();
  stack.ss_size = alternate.size();
  ::sigaltstack(&stack, nullptr);
  struct sigaction action{};
  action.sa_handler = onCrash;
  action.sa_flags = SA_ONSTACK;
  for (int signal : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL})
    ::sigaction(signal, &action, nullptr);
}

/// One to four edits of `input`: a flipped bit, a byte set to a character
/// the readers treat specially, a deleted range, a duplicated range.
std::string mutate(std::string input, std::mt19937_64 &random) {
  static const std::string special = "[]{}()<>\"\\,:=-#@%^!0123456789.xe";
  unsigned edits = 1 + random() % 4;
  for (unsigned i = 0; i < edits; ++i) {
    if (input.empty()) {
      input.push_back(special[random() % special.size()]);
      continue;
    }
    size_t at = random() % input.size();
    size_t length = 1 + random() % std::min<size_t>(64, input.size() - at);
    switch (random() % 4) {
    case 0:
      input[at] = static_cast<char>(input[at] ^ (1 << (random() % 8)));
      break;
    case 1:
      input[at] = special[random() % special.size()];
      break;
    case 2:
      input.erase(at, length);
      break;
    default:
      input.insert(at, input.substr(at, length));
      break;
    }
  }
  return input;
}

void collect(llvm::StringRef path, std::vector<std::string> &seeds) {
  if (llvm::sys::fs::is_directory(path)) {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(path, ec), end;
         it != end && !ec; it.increment(ec))
      collect(it->path(), seeds);
    return;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  if (buffer)
    seeds.push_back((*buffer)->getBuffer().str());
}

/// The value of `-name=value` in `argument`, if it is that flag.
bool readFlag(llvm::StringRef argument, llvm::StringRef name,
              llvm::StringRef &value) {
  if (!argument.consume_front("-") || !argument.consume_front(name) ||
      !argument.consume_front("="))
    return false;
  value = argument;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t seconds = 60, runs = UINT64_MAX, seed = 0;
  std::vector<std::string> seeds;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef argument(argv[i]), value;
    if (readFlag(argument, "max_total_time", value))
      value.getAsInteger(10, seconds);
    else if (readFlag(argument, "runs", value))
      value.getAsInteger(10, runs);
    else if (readFlag(argument, "seed", value))
      value.getAsInteger(10, seed);
    else if (readFlag(argument, "artifact_prefix", value))
      std::snprintf(crashPath, sizeof(crashPath), "%scrash",
                    value.str().c_str());
    else if (!argument.starts_with("-"))
      collect(argument, seeds);
  }
  if (seeds.empty())
    seeds.push_back("");
  installCrashHandlers();
  auto run = [](const std::string &input) {
    currentInput = &input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()),
                           input.size());
    currentInput = nullptr;
  };
  uint64_t done = 0;
  for (const std::string &input : seeds)
    if (done++ < runs)
      run(input);
  auto start = std::chrono::steady_clock::now();
  std::mt19937_64 random(seed);
  while (done < runs && std::chrono::steady_clock::now() - start <
                            std::chrono::seconds(seconds)) {
    run(mutate(seeds[random() % seeds.size()], random));
    ++done;
  }
  double elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  llvm::errs() << "mutation driver: " << done << " runs over " << seeds.size()
               << " corpus inputs, " << llvm::format("%.0f", elapsed)
               << " s of mutation, no crash\n";
  return 0;
}
