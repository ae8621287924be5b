import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.servlet.http.HttpServletRequest;

public class Queries {
    private static final String TABLE = "users";

    ResultSet find(Connection conn, String name) throws Exception {
        Statement st = conn.createStatement();
        // ruleid: java.injection.sql-concatenation
        return st.executeQuery("SELECT * FROM users WHERE name = '" + name + "'");
    }

    ResultSet findLater(Connection conn, String id) throws Exception {
        String sql = "SELECT * FROM orders WHERE id = " + id;
        // ruleid: java.injection.sql-concatenation
        PreparedStatement ps = conn.prepareStatement(sql);
        return ps.executeQuery();
    }

    ResultSet formatted(Connection conn, String id) throws Exception {
        // ruleid: java.injection.sql-concatenation
        return conn.createStatement().executeQuery(String.format("SELECT * FROM t WHERE id = '%s'", id));
    }

    ResultSet safe(Connection conn, String name) throws Exception {
        // ok: java.injection.sql-concatenation
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE name = ?");
        ps.setString(1, name);
        // ok: java.injection.sql-concatenation
        ResultSet all = conn.createStatement().executeQuery("SELECT * FROM " + TABLE);
        return ps.executeQuery();
    }

    void run(HttpServletRequest request, String file) throws Exception {
        // ruleid: java.injection.command-concatenation
        Runtime.getRuntime().exec("cat " + file);
        String host = request.getParameter("host");
        // ruleid: java.injection.command-concatenation
        Runtime.getRuntime().exec(host);
        // ruleid: java.injection.command-concatenation
        new ProcessBuilder("sh", "-c", "ping " + host).start();
        // ok: java.injection.command-concatenation
        new ProcessBuilder("ping", "-c", "1", "example.com").start();
        String[] args = {"sh", "-c", "ls " + file};
        // ruleid: java.injection.command-concatenation
        Runtime.getRuntime().exec(args);
        String cmd = "cat ";
        // ruleid: java.injection.command-concatenation
        Runtime.getRuntime().exec(cmd + file);
        // ok: java.injection.command-concatenation
        Runtime.getRuntime().exec(new String[] {"ls", "-la"});
    }
}
