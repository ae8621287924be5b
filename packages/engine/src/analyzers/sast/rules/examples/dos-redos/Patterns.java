import java.util.regex.Pattern;

public class Patterns {
    // ruleid: java.redos.catastrophic-backtracking
    static final Pattern BAD = Pattern.compile("^(a|a)*$");
    // ok: java.redos.catastrophic-backtracking
    static final Pattern GOOD = Pattern.compile("^[a-z]+$");

    boolean check(String s) {
        // ruleid: java.redos.catastrophic-backtracking
        boolean x = s.matches("(x+x+)+y");
        // ok: java.redos.catastrophic-backtracking
        boolean y = s.matches("\\d{4}-\\d{2}");
        return x && y;
    }
}
