// What one uncontended atomic costs on this machine's CPU: a fetch-add, a
// lock (compare-exchange) and unlock (release store) pair, and a plain add,
// each in a loop of 50 M. The tensor objects' reference counts and locks
// are atomics, so this says how much of a regenerated view's cost they are
// on the machine scripts/gpu-check.sh runs on.
#include <stdio.h>
#include <stdint.h>
#include <time.h>
#include <pthread.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(){
  volatile uint64_t a=0; long n=50000000;
  double t0=now(); for(long i=0;i<n;i++) __atomic_fetch_add(&a,1,__ATOMIC_RELAXED);
  double t1=now(); for(long i=0;i<n;i++) { uint64_t e=0; __atomic_compare_exchange_n(&a,&e,1,0,__ATOMIC_ACQUIRE,__ATOMIC_RELAXED); __atomic_store_n(&a,0,__ATOMIC_RELEASE);} 
  double t2=now(); for(long i=0;i<n;i++) a=a+1;
  double t3=now();
  printf("atomic add %.2f ns, lock (compare-exchange) + unlock (release store) %.2f ns, plain add %.2f ns\n",(t1-t0)/n,(t2-t1)/n,(t3-t2)/n);
}
