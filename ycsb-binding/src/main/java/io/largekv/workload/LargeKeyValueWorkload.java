package io.largekv.workload;

import io.largekv.common.ExitStatus;
import io.largekv.common.StartBarrier;
import io.largekv.common.UserError;
import io.largekv.format.KeyValueFormat;
import io.largekv.properties.PropertyValues;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunOutcome;
import io.largekv.run.RunProperties;
import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The large key-value workload: {@code workload=io.largekv.workload.LargeKeyValueWorkload}.
 * One row per key number (a {@code long}), key and value from {@link KeyValueFormat}, every read
 * verified byte for byte. Properties and their defaults: docs/ycsb-workload.md.
 *
 * <p>The class YCSB instantiates: it reads the properties ({@link WorkloadSettings}) and hands each
 * client thread to one mode, each its own class:
 *
 * <ul>
 *   <li>{@link LoadMode} ({@code -load}): this client's shard of {@code [insertstart, insertstart +
 *       insertcount)}, each thread its contiguous share, kept in a {@link LoadCheckpoint}; YCSB's own
 *       {@code insertcount} is set to the shard size before YCSB reads it;
 *   <li>{@link RunMode}: read / update / insert / scan in the given proportions, keys by
 *       {@code requestdistribution} = {@code uniform} | {@code latest} | {@code recent};
 *   <li>{@link VerifyMode} ({@code run} with {@code largekv.verify_range=true}, workloads/verify):
 *       every key of the shard read once and verified, repaired with {@code largekv.repair=true}.
 * </ul>
 *
 * <p>{@code doInsert} and {@code doTransaction} are one virtual call on the thread state's final
 * {@code mode} field. Verification appears in YCSB's output as
 * {@code [VERIFY], Return=OK|CORRUPT|MISSING, n}; the result (rows lost, verification failures,
 * failed operations) goes to {@link RunOutcome}, which decides the exit status. The workload never
 * ends the process itself: bad input and {@code largekv.plan=true} go to {@link ProcessExit}.
 */
public class LargeKeyValueWorkload extends Workload {

  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String THREAD_COUNT = "threadcount";
  public static final String CLIENT_INDEX = "client.index";
  public static final String CLIENT_COUNT = "client.count";
  public static final String KEY_LENGTH = "keylength";
  public static final String VALUE_LENGTH = "valuelength";
  public static final String READ_PROPORTION = "readproportion";
  public static final String UPDATE_PROPORTION = "updateproportion";
  public static final String INSERT_PROPORTION = "insertproportion";
  public static final String SCAN_PROPORTION = "scanproportion";
  public static final String REQUEST_DISTRIBUTION = "requestdistribution";
  public static final String ZIPFIAN_CONSTANT = "zipfianconstant";
  public static final String RECENT_COUNT = "recentcount";
  public static final String MAX_SCAN_LENGTH = "maxscanlength";
  public static final String VERIFY = "verify";
  public static final String VALUE_FORMAT = "valueformat";
  public static final String SAMPLE_APPS_UUID = "ybsampleapps.uuid";
  public static final String INSERT_RETRIES = "insertretries";
  public static final String INSERT_RETRY_INTERVAL = "insertretryinterval";
  /** The field name written; layout kv ignores it, layout usertable stores field0. */
  public static final String FIELD = "field0";
  /** The longest key a format spells (keylength's maximum). */
  static final int MAX_KEY_BYTES = 1024;
  /** The longest pause between two attempts of a write or a verifying read. */
  static final long MAX_RETRY_PAUSE_MS = 10_000;

  public static final Status CORRUPT = new Status("CORRUPT", "value differs from the key's value");
  public static final Status MISSING = new Status("MISSING", "row not found");
  static final String VERIFY_MEASUREMENT = "VERIFY";

  private Plan plan;
  private WorkloadMode mode;
  /** The phase's clients' common start ({@link StartBarrier#DIR}), or null. */
  private StartBarrier barrier;

  @Override
  public void init(Properties p) throws WorkloadException {
    boolean planning = false;
    boolean checking = false;
    try {
      planning = new PropertyValues(p).bool(RunProperties.PLAN, false);
      checking = new PropertyValues(p).bool(RunProperties.CHECK, false);
      // largekv.check=true: the properties are checked, nothing is opened; the binding's first
      // client thread runs the preflight and ends the process
      configure(p, planning || checking);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
    }
    if (planning) {
      // largekv.plan=true: what this command would do, then the process ends before any client
      // thread connects (YCSB initialises its DB instances in the threads, after the workload)
      System.out.println("largekv plan:");
      System.out.print(plan.describe(RunOutcome.get().clientThreads()));
      ProcessExit.end(ExitStatus.OK);
    }
    if (barrier != null && !checking) {
      // here, before YCSB creates its client threads and starts its maxexecutiontime clock: both
      // clients' clocks start at the common instant (the threads connect after it, in the warm-up)
      try {
        long start = barrier.await(System.err, mode instanceof LoadMode);
        if (start > 0) { // not for a load that came after the common start: it has none
          RunOutcome.get().startsAt(start);
        }
      } catch (StartBarrier.Missed e) {
        ProcessExit.end(ExitStatus.FAILED, e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ProcessExit.end(ExitStatus.ABORTED, "start barrier: interrupted while waiting for the common start");
      }
    }
  }

  /** What this workload will do: parsed and checked properties (see {@link Plan}). */
  Plan plan() {
    return plan;
  }

  /**
   * The plan of a command's properties without running anything (no checkpoint, no schema): for
   * tests and {@code largekv.plan}. Throws {@link UserError} on bad input.
   */
  public static Plan planOf(Properties p) {
    LargeKeyValueWorkload w = new LargeKeyValueWorkload();
    w.configure(p, true);
    return w.plan;
  }

  /**
   * Parses and validates every property into {@link #plan}; throws {@link UserError} on bad input.
   * {@code planOnly}: stop there, before anything is changed or opened; else the run's outcome is
   * configured first and the mode is set up (the checkpoint opened, YCSB's counts set).
   */
  void configure(Properties p, boolean planOnly) {
    if (planOnly) {
      RunProperties.check(p);
    } else {
      RunOutcome.get().configure(p);
      RunOutcome.get().workloadRuns();
    }
    PropertyValues w = new PropertyValues(p);
    WorkloadSettings settings = new WorkloadSettings(w);
    plan = settings.plan;
    barrier = RunProperties.startBarrier(p, settings.range.clientIndex, settings.range.clientCount);
    if (planOnly) {
      return;
    }
    switch (settings.mode) {
      case LOAD:
        mode = new LoadMode(settings, w, p);
        break;
      case VERIFY_RANGE:
        mode = new VerifyMode(settings, p);
        break;
      default:
        mode = new RunMode(settings);
    }
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return mode.initThread(mythreadid, threadcount);
  }

  /** The load's operation ({@link LoadMode}). */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    return t.mode.next(db, t);
  }

  /** A run's operation ({@link RunMode}) or a verification's ({@link VerifyMode}). */
  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    return t.mode.next(db, t);
  }

  @Override
  public void cleanup() {
    mode.cleanup();
  }
}
