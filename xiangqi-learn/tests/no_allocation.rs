//! A step allocates nothing once the games have grown their lists: counted by a global
//! allocator over many steps (games ending and restarting among them).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use xiangqi_core::Variant;
use xiangqi_learn::{EnvConfig, Outputs, VecEnv};

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's layout is passed on as given.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn steps_allocate_nothing_after_the_first_games() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for variant in [Variant::Xiangqi, Variant::Janggi] {
        let mut cfg = EnvConfig::new(variant);
        cfg.max_plies = 40;
        cfg.history = 2;
        cfg.repetitions = true;
        let mut env = VecEnv::new(64, cfg, 5).unwrap();
        let mut out: Outputs<u8> = Outputs::new(&env, true, true);
        let mut actions = vec![0i64; 64];
        pool.install(|| {
            env.reset(&mut out.buffers()).unwrap();
            // Long enough for every game to reach its longest length and restart.
            for _ in 0..200 {
                env.random_actions(&mut actions).unwrap();
                env.step(&actions, &mut out.buffers()).unwrap();
            }
            ALLOCATIONS.store(0, Ordering::SeqCst);
            COUNTING.store(true, Ordering::SeqCst);
            for _ in 0..400 {
                env.random_actions(&mut actions).unwrap();
                env.step(&actions, &mut out.buffers()).unwrap();
            }
            COUNTING.store(false, Ordering::SeqCst);
        });
        let finished = out.lengths.iter().filter(|&&l| l > 0).count();
        assert!(finished > 0);
        assert_eq!(ALLOCATIONS.load(Ordering::SeqCst), 0, "{variant}");
    }
}
